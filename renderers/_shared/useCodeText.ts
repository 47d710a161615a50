import type { FieldConfig } from '../../schemas/field';
import { useFormValues } from './FormValuesContext';

/**
 * The text a qrcode/barcode encodes: `staticText` when `dataType` is static, else the current value of the form field
 * named by `relationField` (`''` when empty).
 */
export function useCodeText(field: FieldConfig): string {
  const values = useFormValues();
  if (field.dataType === 'relation') {
    const v = values[String(field.relationField ?? '')];
    return v === null || v === undefined ? '' : String(v);
  }
  return String(field.staticText ?? '');
}
