import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { delegateLaunchRoutes } from './delegate-launch';
import flowRoutes from './flow-routes';
import jnpfApproveRoutes from './jnpf-approve-routes';
import jnpfBatchRoutes from './jnpf-batch-routes';
import jnpfCommentRoutes from './jnpf-comment-routes';
import jnpfLaunchRoutes from './jnpf-launch-routes';
import jnpfMonitorRoutes from './jnpf-monitor-routes';
import jnpfTemplateRoutes from './jnpf-template-routes';
import launchFormRoutes from './launch-form';
import listRoutes from './list-routes';
import taskRoutes from './task-routes';
import { startTimerSweep } from './timers';

/**
 * The workflow module (issue 15; spec 001 §7 "Flow engine"; reference/workflow.md §3): flow records (flow-routes.ts)
 * and the runtime (task-routes.ts, list-routes.ts; JNPF v3.4.7 client's own calls in jnpf-*-routes.ts); due timer nodes are passed by a sweep every minute (timers.ts). Multipart (flow import) is parsed in this scope.
 */
export default async function workflowRoutes(app: FastifyInstance): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10, parts: 12 } });
  await flowRoutes(app);
  await jnpfTemplateRoutes(app);
  await jnpfLaunchRoutes(app);
  await jnpfApproveRoutes(app);
  await jnpfBatchRoutes(app);
  await jnpfCommentRoutes(app);
  await jnpfMonitorRoutes(app);
  await taskRoutes(app);
  await listRoutes(app);
  await delegateLaunchRoutes(app);
  await launchFormRoutes(app);
  startTimerSweep(app);
}
