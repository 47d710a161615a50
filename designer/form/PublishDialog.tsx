import { Input, Modal, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../src/api/toast';
import { DESIGNER_NS } from '../i18n';
import type { ModelMeta } from '../model/modelApi';
import { type MenuNode, parentMenus, publishModel } from '../model/publish';

type Node = { value: string; title: string; children: Node[] };
const treeData = (nodes: MenuNode[]): Node[] => nodes.map((n) => ({ value: n.id, title: n.fullName, children: treeData(n.children ?? []) }));

/**
 * The publish dialog (issue 13 item 4): the parent menu, the menu's name and code (the model's by default); 确定
 * publishes the saved model as a type-3 menu (model/publish.ts) and calls `onPublished` with the page's route.
 */
export default function PublishDialog({ open, meta, onClose, onPublished }: { open: boolean; meta: ModelMeta; onClose: () => void; onPublished: (path: string) => void }) {
  const { t } = useTranslation(DESIGNER_NS);
  const [tree, setTree] = useState<MenuNode[]>([]);
  const [parentId, setParentId] = useState<string | undefined>();
  const [fullName, setFullName] = useState(meta.fullName);
  const [enCode, setEnCode] = useState(meta.enCode);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setFullName(meta.fullName);
    setEnCode(meta.enCode);
    parentMenus().then(setTree, () => setTree([]));
  }, [open, meta.fullName, meta.enCode]);
  const ok = async () => {
    if (!meta.id || !parentId || !fullName.trim() || !enCode.trim()) return;
    setBusy(true);
    try {
      const r = await publishModel({ modelId: meta.id, parentId, fullName: fullName.trim(), enCode: enCode.trim() });
      toast('success', t('fd.pub.published', { name: fullName.trim() }), 2000);
      onPublished(r.path);
    } catch {
      /* toasted by the client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open={open} title={t('fd.pub.title')} onCancel={onClose} onOk={ok} confirmLoading={busy} okButtonProps={{ disabled: !parentId, ...({ 'data-testid': 'designer-publish-ok' } as Record<string, string>) }} okText={t('fd.ok')} cancelText={t('fd.cancel')} destroyOnHidden>
      <div className="kd-designer-prop">
        <span className="kd-designer-label">{t('fd.pub.parent')}</span>
        <TreeSelect style={{ width: '100%' }} aria-label={t('fd.pub.parent')} treeDefaultExpandAll showSearch treeNodeFilterProp="title" value={parentId} onChange={setParentId} treeData={treeData(tree)} />
      </div>
      <div className="kd-designer-prop">
        <label htmlFor="kd-fd-menu-name">{t('fd.pub.menuName')}</label>
        <Input id="kd-fd-menu-name" value={fullName} onChange={(e) => setFullName(e.target.value)} />
      </div>
      <div className="kd-designer-prop">
        <label htmlFor="kd-fd-menu-code">{t('fd.pub.menuCode')}</label>
        <Input id="kd-fd-menu-code" value={enCode} onChange={(e) => setEnCode(e.target.value)} />
      </div>
    </Modal>
  );
}
