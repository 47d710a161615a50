import type { FieldConfig } from '../../schemas/field';
import type { FieldError, MessageLang } from '../../src/engine/validate';
import { renderers } from '../index';
import KdForm from './KdForm';
import { type KdData, KdDataContext } from './KdDataContext';
import type { FormMode } from './types';

/** Args of a renderer story: one field config (or several) rendered through the engine (design.md §3). */
export interface FieldStoryArgs {
  field?: FieldConfig;
  fields?: FieldConfig[];
  formData?: Record<string, unknown>;
  mode?: FormMode;
  liveValidate?: boolean;
  lang?: MessageLang;
  serverErrors?: FieldError[];
  onChange?: (record: Record<string, unknown>) => void;
  onSubmit?: (record: Record<string, unknown>) => void;
  /** Data access for the story (dictionaries, org lists…); default: the real fetch. */
  data?: KdData;
}

/** Renders a field config through KdForm with the platform registry: the component every renderer story uses. */
export function FieldStory({ field, fields, data, ...rest }: FieldStoryArgs) {
  const form = { fields: fields ?? (field ? [field] : []) };
  const el = <KdForm form={form} registry={renderers} {...rest} />;
  return data ? <KdDataContext.Provider value={data}>{el}</KdDataContext.Provider> : el;
}
