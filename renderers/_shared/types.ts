import type { ReactNode } from 'react';
import type { FieldConfig } from '../../schemas/field';

/** How a form is shown: editable, read-only (detail view) or on the designer's canvas. */
export type FormMode = 'edit' | 'readonly' | 'design';

/** Props of a display-only widget (text, alert, divider, link, button, groupTitle, qrcode, barcode): it stores nothing. */
export interface DisplayProps {
  field: FieldConfig;
  mode: FormMode;
}

/** Props of a layout container (row, card, tab, collapse): it lays out `renderChildren(children)`. */
export interface ContainerProps {
  field: FieldConfig;
  mode: FormMode;
  /** Renders a list of child fields with the form's own layout (leaves, displays, nested containers). */
  renderChildren: (fields: FieldConfig[]) => ReactNode;
}

/** A loaded renderer component: an rjsf widget or field, a display widget or a container (props differ by kind). */
// biome-ignore lint/suspicious/noExplicitAny: the four kinds of renderer components take different props
export type KdComponent = import('react').ComponentType<any>;
