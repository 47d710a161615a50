import type { FastifyInstance } from 'fastify';
import type { FormConfig } from '../../../../schemas/form';
import { ok } from '../../plugins/envelope';
import type { Db } from '../../db/types';
import { loadModel } from '../visualdev/model-store';
import { canLaunch } from './flow-repository';
import { fail } from './messages';
import { IdParams } from './schemas';
import { callerOf } from './task-routes';

/** A flow's form as the launch and task screens render it (JNPF flowFormInfo): the bound model's id and the form config. */
export interface FlowFormInfo {
  /** The bound online model (visualdev id), null for an inline form. */
  formId: string | null;
  /** The form configuration (FormConfig), null when the flow has no form or the bound model is gone. */
  formData: FormConfig | null;
}

/** The form of flow `flowId`: the bound model's form config, else the inline one (`flow_engine.form_data`), else null. */
export async function flowFormOf(db: Db, flowId: string): Promise<FlowFormInfo> {
  const row = await db.selectFrom('flow_engine').select(['form_id', 'form_data']).where('id', '=', flowId).executeTakeFirst();
  if (!row) return { formId: null, formData: null };
  if (row.form_id) return { formId: row.form_id, formData: ((await loadModel(db, row.form_id).catch(() => null))?.record.formData as FormConfig | undefined) ?? null };
  const inline = row.form_data as { fields?: unknown } | null;
  return { formId: null, formData: inline && typeof inline === 'object' && Array.isArray(inline.fields) ? (inline as FormConfig) : null };
}

/**
 * GET /api/workflow/Engine/FlowLaunch/Form/{flowId} → `{ id, fullName, enCode, category, formId, formData }`: what the
 * 发起 screen needs to fill a launch (issue 15 item 4) — the flow's form config, for a released flow the caller may
 * launch (visibility as FlowEngine Selector); FlowEngine/{id} itself is the designer's (流程设计 menu). 404 流程不存在
 * otherwise.
 */
export default async function launchFormRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { id: string } }>('/api/workflow/Engine/FlowLaunch/Form/:id', { config: { access: 'signedIn' }, schema: { params: IdParams } }, async (req) => {
    const row = await app.db.selectFrom('flow_engine').select(['id', 'full_name', 'en_code', 'category', 'enabled_mark', 'version', 'visible_type']).where('id', '=', req.params.id).where('f_deleted_at', 'is', null).executeTakeFirst();
    if (!row || row.enabled_mark !== 1 || row.version < 1 || !(await canLaunch(app.db, callerOf(req), row))) throw fail(404, 'flowNotFound');
    return ok({ id: row.id, fullName: row.full_name, enCode: row.en_code, category: row.category, ...(await flowFormOf(app.db, row.id)) });
  });
}
