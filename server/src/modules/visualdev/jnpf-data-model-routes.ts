import type { FastifyPluginAsync } from 'fastify';
import { registerMessages, translate } from '../../i18n';
import { ApiError, ok } from '../../plugins/envelope';
import { ADMIN_MENU } from './base-routes';
import { bindColumns } from './model-bind';

/** One column as JNPF's designer lists a table's fields (Mnxhp src/components/Generator/index/FieldDialog.vue:5-40). */
export interface JnpfTableField {
  field: string;
  /** Its comment (JNPF's 说明), else the column name. */
  fieldName: string;
  dataType: string;
  dataLength: number | null;
  primaryKey: 0 | 1;
  allowNull: 0 | 1;
}

registerMessages('jnpf-data-model', { zh: { ours: '默认数据库' }, en: { ours: 'Default database' }, mas: { ours: 'Pangkalan data lalai' } });

const FIELDS_PARAMS = { type: 'object', required: ['link', 'table'], properties: { link: { type: 'string', maxLength: 100 }, table: { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_]{0,62}$' } } } as const;

/**
 * What JNPF v3.4's model designer asks of the database on its table step (issue 22; Mnxhp src/mixins/generator/
 * common.js:57-66, :104-112, :118-123), behind the 在线开发 menu:
 * - GET /api/system/DataSource/Selector (src/api/systemData/dataSource.js:43-48) → `{ list }`: one group holding our
 *   database `{ id: '0', fullName, dbType }` (the designer keeps the groups with children);
 * - GET /api/system/DataModel/{linkId}/Tables/{table}/Fields?type (src/api/systemData/dataModel.js:43-48) → `{ list:
 *   JnpfTableField[] }`: the columns of a table a model may bind (model-bind.ts bindColumns; linkId `0`, our database);
 *   a platform, `pg_…` or missing table, or another link → 404.
 */
const jnpfDataModelRoutes: FastifyPluginAsync = async (app) => {
  const config = { access: { menu: ADMIN_MENU } };
  app.get('/api/system/DataSource/Selector', { config }, async (req) => {
    // Our one database, with the id JNPF gives its own (`0`).
    const ours = { id: '0', fullName: translate(req.lang, 'jnpf-data-model', 'ours'), dbType: 'PostgreSQL', parentId: '-1' };
    return ok({ list: [{ id: '-1', fullName: 'PostgreSQL', parentId: '0', children: [ours] }] });
  });
  app.get<{ Params: { link: string; table: string } }>('/api/system/DataModel/:link/Tables/:table/Fields', { config, schema: { params: FIELDS_PARAMS } }, async (req) => {
    const columns = req.params.link === '0' ? await bindColumns(app.db, req.params.table.toLowerCase()) : null;
    if (!columns) throw ApiError.notFound();
    const list: JnpfTableField[] = columns.map((c) => ({
      field: c.name,
      fieldName: c.comment || c.name,
      dataType: c.dataType,
      dataLength: c.maxLength,
      primaryKey: c.name === 'id' ? 1 : 0,
      allowNull: c.nullable ? 1 : 0,
    }));
    return ok({ list });
  });
};

export default jnpfDataModelRoutes;
