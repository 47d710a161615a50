import { createContext, useContext } from 'react';
import type { FieldConfig } from '../../schemas/field';

/**
 * The enclosing form's fields by `__vModel__` (compile.ts `byModel`), for widgets that depend on another field's
 * config: relationFormAttr/popupAttr find their owner picker's `modelId`/`interfaceId` through it.
 */
export const FormFieldsContext = createContext<Record<string, FieldConfig>>({});

/** Returns the enclosing form's fields by `__vModel__` ({} outside a form). */
export function useFormFields(): Record<string, FieldConfig> {
  return useContext(FormFieldsContext);
}
