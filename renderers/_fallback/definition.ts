import { defineRenderer, type RendererDefinition } from '../../src/engine/renderer';

/**
 * The visible fallback for a kdKey the registry does not know (design.md §3: "never a blank").
 * Not registered: the server still refuses unknown kdKeys; only the client shows this in place of the widget.
 */
export function fallbackDefinition(kdKey: string): RendererDefinition {
  return defineRenderer({
    kdKey,
    label: `未知控件 ${kdKey}`,
    icon: 'QuestionCircleOutlined',
    group: 'display',
    scaffold: { __config__: { kdKey, label: kdKey } },
    inspector: { type: 'object' },
    toSchema: () => null,
    toColumn: () => null,
    component: () => import('./Fallback'),
  });
}
