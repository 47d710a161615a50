import type { TestProject } from 'vitest/node';
import { pgliteTemplateBytes, postgresTemplateName, sourceHash } from '../server/db-template';

/**
 * Vitest globalSetup of the server projects (vitest.config.ts): builds the seeded database templates once, before any
 * worker starts (tests/server/db-template.ts), so no test file pays for migrations and seeds and no first file's
 * beforeAll races a template build. PGlite always; PostgreSQL too when DATABASE_URL is set (both passes run in CI).
 * The workers get the templates' hash (`inject('kdTemplateHash')`), so sources edited during the run change nothing.
 */
export default async function setup(project: TestProject): Promise<void> {
  const started = Date.now();
  const hash = await sourceHash();
  await Promise.all([pgliteTemplateBytes(hash), process.env.DATABASE_URL ? postgresTemplateName(hash) : null]);
  project.provide('kdTemplateHash', hash);
  console.log(`[test] ${project.name}: seeded database templates ${hash} ready after ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
