import type { ColDef } from 'ag-grid-community';
import type { CustomCellEditorProps } from 'ag-grid-react';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { flattenOptions, isStatic, staticOptions } from '../../renderers/_shared/fieldProps';
import type { FieldConfig } from '../../schemas/field';
import { switchValues } from '../../renderers/switch/values';

/** A date cell editor: antd DatePicker over a ms timestamp (the date widget's value, design.md §4). */
function DateEditor({ value, onValueChange, stopEditing }: CustomCellEditorProps<unknown, number | null>) {
  return (
    <DatePicker
      autoFocus
      defaultOpen
      style={{ width: '100%' }}
      value={typeof value === 'number' ? dayjs(value) : null}
      onChange={(d) => {
        onValueChange(d ? d.startOf('day').valueOf() : null);
        setTimeout(() => stopEditing(), 0);
      }}
    />
  );
}

/**
 * The in-place editor of a list column for list type 4 (spec 001 §2 inline-editable lists), from the field's widget:
 * text and textarea → text editors, numInput → a number editor (min/max/precision), select and radio with static
 * options → a select of the option ids (shown by name), switch → a checkbox, date → a date picker. Other widgets
 * (pickers, uploads, sub-tables, system fields…) are edited in the form dialog: null.
 */
export function editorFor(field: FieldConfig | undefined): Partial<ColDef> | null {
  if (!field || field.disabled === true || field.readonly === true) return null;
  const kdKey = field.__config__.kdKey;
  switch (kdKey) {
    case 'comInput':
      return { cellEditor: 'agTextCellEditor', cellEditorParams: { maxLength: typeof field.maxlength === 'number' ? field.maxlength : undefined } };
    case 'textarea':
      return { cellEditor: 'agLargeTextCellEditor', cellEditorPopup: true, cellEditorParams: { maxLength: typeof field.maxlength === 'number' ? field.maxlength : 2000 } };
    case 'numInput':
      return {
        cellEditor: 'agNumberCellEditor',
        cellEditorParams: {
          min: typeof field.min === 'number' ? field.min : undefined,
          max: typeof field.max === 'number' ? field.max : undefined,
          precision: typeof field.precision === 'number' ? field.precision : undefined,
        },
      };
    case 'select':
    case 'radio': {
      if (field.multiple === true || !isStatic(field)) return null;
      const values = flattenOptions(staticOptions(field)).map((o) => o.id);
      return values.length ? { cellEditor: 'agSelectCellEditor', cellEditorParams: { values: [null, ...values] } } : null;
    }
    case 'switch': {
      // KD's true/false: a checkbox; JNPF's active-value / inactive-value (e.g. 1/0): a choice of exactly those two.
      const { on, off } = switchValues(field as Record<string, unknown>);
      return typeof on === 'boolean' && typeof off === 'boolean' ? { cellEditor: 'agCheckboxCellEditor' } : { cellEditor: 'agSelectCellEditor', cellEditorParams: { values: [on, off] } };
    }
    case 'date':
      return { cellEditor: DateEditor, cellEditorPopup: true };
    default:
      return null;
  }
}
