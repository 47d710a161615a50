import { memo, useMemo } from 'react';
import KdForm from '../../renderers/_shared/KdForm';
import type { FieldConfig } from '../../schemas/field';
import type { RendererMap } from '../../src/engine/renderer';

/**
 * One field drawn by its real renderer in design mode (design.md §3: KdForm with the registry, `mode="design"`, so the
 * widget is disabled and shows its label, required star, placeholder and options). The canvas cell already has the
 * field's width, so the field is drawn full width here and without its show-when rule. Re-renders only when the field
 * config changes (immer keeps unchanged fields identical).
 */
function LeafView({ field, registry }: { field: FieldConfig; registry: RendererMap }) {
  const form = useMemo(() => {
    const { showWhen: _hidden, ...cfg } = field.__config__;
    return { fields: [{ ...field, __config__: { ...cfg, span: 24 } }] };
  }, [field]);
  return (
    <div className="kd-designer-leaf" style={{ pointerEvents: 'none' }}>
      <KdForm form={form} registry={registry} mode="design" />
    </div>
  );
}
export default memo(LeafView);
