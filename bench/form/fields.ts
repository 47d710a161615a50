import type { FieldConfig } from '../../schemas/field';

/** The B6/B7 form (performance.md): 200 fields: 120 text, 40 number, 20 switch, 20 select (3 options each). */
export function benchFields(): FieldConfig[] {
  const out: FieldConfig[] = [];
  const opts = [
    { id: 'a', fullName: '选项A' },
    { id: 'b', fullName: '选项B' },
    { id: 'c', fullName: '选项C' },
  ];
  for (let i = 0; i < 200; i++) {
    const base = { label: `字段${i}`, required: false, span: 24 };
    if (i % 10 < 6) out.push({ __config__: { kdKey: 'comInput', ...base }, __vModel__: `f${i}`, placeholder: '请输入' });
    else if (i % 10 < 8) out.push({ __config__: { kdKey: 'numInput', ...base }, __vModel__: `f${i}` });
    else if (i % 10 < 9) out.push({ __config__: { kdKey: 'switch', ...base }, __vModel__: `f${i}` });
    else out.push({ __config__: { kdKey: 'select', ...base }, __vModel__: `f${i}`, __slot__: { options: opts } });
  }
  return out;
}

/** The text field keys are typed into (B7: field 100). */
export const TYPED_FIELD = 'f100';
