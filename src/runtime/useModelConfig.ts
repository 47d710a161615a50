import { useEffect, useState } from 'react';
import * as onlineDev from '../api/onlineDev';
import type { CompiledForm } from '../engine/compile';
import type { RendererMap } from '../engine/renderer';
import { compileModel } from './compileModel';

/** A loaded model: its config, the compiled form and the registry with fallbacks for unknown kdKeys. */
export interface LoadedModel {
  config: onlineDev.ModelConfig;
  compiled: CompiledForm;
  registry: RendererMap;
}

/** State of {@link useModelConfig}: loading, ready, or failed (the page then goes to /404, spec 001 §7). */
export type ModelConfigState = { status: 'loading' } | { status: 'ready'; model: LoadedModel } | { status: 'failed'; msg: string };

/** Loads a model's runtime config (GET …/OnlineDev/{id}/Config) and compiles its form against `registry`. */
export function useModelConfig(moduleId: string, registry: RendererMap): ModelConfigState {
  const [state, setState] = useState<ModelConfigState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    onlineDev
      .config(moduleId)
      .then((r) => {
        if (!live) return;
        if (!r.ok) return setState({ status: 'failed', msg: r.msg });
        const { compiled, registry: reg } = compileModel(r.config.formData, registry);
        setState({ status: 'ready', model: { config: r.config, compiled, registry: reg } });
      })
      .catch((e: unknown) => live && setState({ status: 'failed', msg: e instanceof Error ? e.message : String(e) }));
    return () => {
      live = false;
    };
  }, [moduleId, registry]);
  return state;
}
