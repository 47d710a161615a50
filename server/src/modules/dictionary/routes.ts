import type { FastifyInstance } from 'fastify';
import dictionaryCommonRoutes from './common-routes';
import dictionaryDataRoutes from './data-routes';
import dictionaryTypeRoutes from './type-routes';

/** The dictionary area (spec 001 §7 "Dictionary types", "Dictionary data"; spec 000 §7 Common): every `dictionary` row of endpoints.tsv. */
export default async function dictionaryRoutes(app: FastifyInstance): Promise<void> {
  await dictionaryTypeRoutes(app);
  await dictionaryDataRoutes(app);
  await dictionaryCommonRoutes(app);
}
