import { createElement, type ReactElement } from 'react';
import type { FieldConfig } from '../../schemas/field';
import type { FieldStory, FieldStoryArgs } from './FieldStory';

/**
 * Component Story Format types (Storybook-compatible: `export default meta; export const Basic = { args }`), so the
 * stories run in Storybook and, through `storyElement`, as vitest tests (design.md §3).
 */
export interface StoryMeta {
  title: string;
  component: typeof FieldStory;
  args: FieldStoryArgs;
}

/** One story: args merged over the meta's. */
export interface Story {
  name?: string;
  args?: FieldStoryArgs;
}

/** The four stories every renderer has (design.md §3). */
export interface RendererStories {
  default: StoryMeta;
  Basic: Story;
  ReadOnly: Story;
  Invalid: Story;
  Design: Story;
}

/** Builds the element a story renders (meta args, then story args). */
export function storyElement(meta: StoryMeta, story: Story, extra: Partial<FieldStoryArgs> = {}): ReactElement {
  return createElement(meta.component, { ...meta.args, ...story.args, ...extra });
}

/** A field config with a model name and overrides, from a renderer's scaffold (deep copy). */
export function fieldFrom(scaffold: FieldConfig, vModel: string, label: string, cfg: Record<string, unknown> = {}, props: Record<string, unknown> = {}): FieldConfig {
  const copy = structuredClone(scaffold);
  return { ...copy, ...props, __vModel__: vModel, __config__: { ...copy.__config__, label, ...cfg } };
}
