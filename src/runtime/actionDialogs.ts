import { type ComponentType, createElement, type LazyExoticComponent, lazy } from 'react';
import type { Envelope } from '../api/client';
import type { ModelData } from '../api/onlineDev';

/** Props of a page action's dialog (schemas/page.ts PageAction kind `dialog`): the row it was started on. */
export interface ActionDialogProps {
  row?: ModelData;
  onClose: () => void;
  /** After the dialog's work is done (the list reloads, or the action's `to` route opens). */
  onDone: (answer?: Envelope<unknown>) => void;
}

/**
 * The dialogs a page config's `dialog` action may name (`renderer`), loaded when first opened:
 * - `flowLaunch`: the launch dialog of the flow on the row (`id`, `fullName`: a FlowEngine/Selector row), issue 15 item 4.
 * - `shortLink`: the public form link of the model on the row (在线开发 外链), issue 18 item 7.
 */
export const ACTION_DIALOGS: Readonly<Record<string, LazyExoticComponent<ComponentType<ActionDialogProps>>>> = {
  flowLaunch: lazy(() =>
    import('./flow/FlowLaunchDialog').then((m) => ({
      default: ({ row, onClose, onDone }: ActionDialogProps) => createElement(m.default, { flows: row?.id ? [{ id: String(row.id), fullName: String(row.fullName ?? '') }] : null, onClose, onDone }),
    })),
  ),
  shortLink: lazy(() => import('../app/shortlink/ShortLinkDialog')),
};
