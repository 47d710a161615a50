import { Alert, Card, Spin, Tabs, Typography } from 'antd';
import i18next from 'i18next';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router-dom';
import { renderers } from '../../../renderers';
import type { ColumnConfig } from '../../../schemas/columns';
import { KdDataContext } from '../../../renderers/_shared/KdDataContext';
import KdForm from '../../../renderers/_shared/KdForm';
import { currentLanguage } from '../../i18n';
import { kdData } from '../../runtime/kdData';
import ModelDetail from '../../runtime/ModelDetail';
import ModelList from '../../runtime/ModelList';
import { useModelConfig } from '../../runtime/useModelConfig';
import type { MessageLang } from '../../engine/validate';

/** The preview's own strings in the four languages (spec 000 §9; tw as opencc-js cn → twp gives it). */
export const PREVIEW_STRINGS = {
  zh: { previewModel: { title: '功能预览：{{name}}', note: '预览运行模型保存的配置：列表、查询和详情读取真实数据；表单只校验，不保存。', list: '列表', form: '表单', valid: '校验通过。保存时将提交：' } },
  en: { previewModel: { title: 'Preview: {{name}}', note: 'The preview runs the saved model: the list, search and details read the real data; the form is validated, never saved.', list: 'List', form: 'Form', valid: 'Valid. Saving would send:' } },
  tw: { previewModel: { title: '功能預覽：{{name}}', note: '預覽執行模型儲存的配置：列表、查詢和詳情讀取真實資料；表單只校驗，不儲存。', list: '列表', form: '表單', valid: '校驗通過。儲存時將提交：' } },
  mas: {
    previewModel: {
      title: 'Pratonton: {{name}}',
      note: 'Pratonton menjalankan model yang disimpan: senarai, carian dan butiran membaca data sebenar; borang hanya disahkan, tidak pernah disimpan.',
      list: 'Senarai',
      form: 'Borang',
      valid: 'Sah. Menyimpan akan menghantar:',
    },
  },
} as const;
function addStrings(): void {
  for (const [lang, res] of Object.entries(PREVIEW_STRINGS)) i18next.addResourceBundle(lang, 'translation', res, true, false);
}
if (i18next.isInitialized) addStrings();
else i18next.on('initialized', addStrings);

/** Only reading buttons show in a preview: the row 详情 (no add, edit, delete, import or export). */
const canPreview = (enCode: string) => enCode === 'btn_detail';

/**
 * The list config as the preview runs it: no toolbar buttons, only the row 详情 button, and an inline-editable list
 * (type 4) shown as a plain list, so nothing in the preview writes.
 */
export function previewColumns(cd: ColumnConfig): ColumnConfig {
  return { ...cd, type: cd.type === 4 ? 1 : cd.type, btnsList: [], columnBtnsList: (cd.columnBtnsList ?? []).filter((b) => b.value === 'detail'), useBtnPermission: false };
}

/**
 * /previewModel?id=<modelId> (spec 000 §2 "function preview"; the online-development list's 预览): runs a model from
 * its saved configuration (GET OnlineDev/{id}/Config, the stored formData and columnData of Base/{id}) without a menu.
 * Tab 列表: the list with its search, sort, paging and list type against the model's real table, and the read-only
 * detail (with change history) of a row; nothing can be written from here. Tab 表单: the empty form with the
 * model's validation; 提交 validates and shows the record that a save would send, without sending it. No `id`, or a
 * config the server refuses (unknown model, no access) → /404 (spec 001 §7).
 */
export default function PreviewModel() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? params.get('modelId') ?? '';
  const state = useModelConfig(id, renderers);
  const [viewing, setViewing] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState<Record<string, unknown> | null>(null);
  const onView = useCallback((rid: string) => setViewing(rid), []);
  const close = useCallback(() => setViewing(null), []);
  const columns = useMemo(() => (state.status === 'ready' ? previewColumns(state.model.config.columnData) : null), [state]);

  if (!id || state.status === 'failed') return <Navigate to="/404" replace />;
  if (state.status === 'loading' || !columns) return <Spin className="kd-page-spin" />;
  const { config, compiled, registry } = state.model;
  return (
    <KdDataContext.Provider value={kdData}>
      <Card variant="borderless" title={t('previewModel.title', { name: config.fullName })} className="kd-preview-model">
        <Alert type="info" showIcon title={t('previewModel.note')} style={{ marginBottom: 12 }} />
        <Tabs
          items={[
            {
              key: 'list',
              label: t('previewModel.list'),
              children: <ModelList moduleId={id} fullName={config.fullName} tableName="preview" columnData={columns} compiled={compiled} registry={registry} can={canPreview} onView={onView} />,
            },
            {
              key: 'form',
              label: t('previewModel.form'),
              children: (
                <>
                  <KdForm form={config.formData} registry={registry} mode="edit" lang={currentLanguage() as MessageLang} onSubmit={setSubmitted} onChange={() => setSubmitted(null)} />
                  {submitted && (
                    <>
                      <Typography.Text type="success">{t('previewModel.valid')}</Typography.Text>
                      <pre data-testid="preview-record" style={{ maxHeight: 300, overflow: 'auto', background: 'rgba(0,0,0,0.04)', padding: 8 }}>
                        {JSON.stringify(submitted, null, 2)}
                      </pre>
                    </>
                  )}
                </>
              ),
            },
          ]}
        />
      </Card>
      <ModelDetail moduleId={id} form={config.formData} compiled={compiled} registry={registry} recordId={viewing} open={viewing !== null} onClose={close} />
    </KdDataContext.Provider>
  );
}
