import { type Static, Type } from '@sinclair/typebox';
import { type ColumnConfig, ColumnConfigSchema } from './columns';
import { type FieldConfig, FieldConfigSchema, ShowWhenSchema } from './field';
import { type FormConfig, FormConfigSchema } from './form';

/**
 * Built-in pages as models (issue 26 items 1–2): the platform's own admin pages (bill rules, the web-design list, the
 * dictionary, data interfaces…) are JSON files `src/pages/<area>/<page>.page.json` holding a form config and a column
 * config exactly like a designed model (schemas/form.ts, schemas/columns.ts) plus a `resource`: the REST calls of the
 * area that stand in for the OnlineDev routes. The server answers them through GET /api/visualdev/OnlineDev/{code}/Config
 * (the page code in place of a model id); the client renders them with the same ModelList / ModelForm / ModelDetail.
 *
 * Path templates: a path under /api/ where `{id}` is replaced by the row's id (URL-encoded), `{tree}` by the chosen node
 * of the list's tree filter, and `{field}` (any other name) by that field of the row or, failing that, by the page's
 * parameter of that name (`params`, given by the page that opened it through a `page` action).
 */

/** A page parameter's name: a `{field}` placeholder name other than `id` and `tree` (those name the row and the tree). */
export const PARAM_PATTERN = '^(?!id$|tree$)[A-Za-z][A-Za-z0-9_]{0,62}$';

/** A REST path template (see the module comment): `/api/…` with `{id}`, `{tree}` or `{field}` placeholders. */
export const PathTemplateSchema = Type.String({ pattern: '^/api/[^\\s]*$', maxLength: 300 });

/** HTTP methods a resource call may use (as the area's server routes take them). */
export const CallMethodSchema = Type.Union([Type.Literal('GET'), Type.Literal('POST'), Type.Literal('PUT'), Type.Literal('DELETE')]);

/** One REST call: `method` (default per key: list/get/template/exportData GET, remove DELETE, others POST) and `path`. */
export const ResourceCallSchema = Type.Object(
  {
    method: Type.Optional(CallMethodSchema),
    path: PathTemplateSchema,
  },
  { additionalProperties: false },
);

/**
 * A list's recycle bin call (issue 27 item 2): as a call, and `open` when the bin holds only the caller's own rows and
 * every user of the page may use it (e.g. 流程委托, a page open to every signed-in user): 回收站 then shows without the
 * btn_recycle button; the server still answers each user with their own rows only. `columns`: the bin's own columns
 * (prop of a binned row, zh label translated through the page's locales) when its rows are not the list's — e.g.
 * 分级管理 lists organisations and bins administrator grants; by default the list's first three columns show.
 */
export const RecycleCallSchema = Type.Object(
  {
    method: Type.Optional(CallMethodSchema),
    path: PathTemplateSchema,
    open: Type.Optional(Type.Boolean()),
    columns: Type.Optional(
      Type.Array(Type.Object({ prop: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,62}$' }), label: Type.String({ minLength: 1, maxLength: 50 }) }, { additionalProperties: false }), { minItems: 1, maxItems: 3 }),
    ),
  },
  { additionalProperties: false },
);

/**
 * The list call. GET sends the query as URL parameters, POST as a JSON body: currentPage, pageSize, keyword, sidx,
 * sort, queryJson (the search fields, a JSON string) and, with a tree filter, `tree.param` = the chosen node. The answer
 * is `{ list, pagination: { currentPage, pageSize, total } }` (design.md §6) or a bare array (one page, no paging).
 * - `clientPaging`: the call answers every row without `pagination` (e.g. a dictionary's items): the list pages the
 *   top-level rows itself (total = their count);
 * - `children`: rows nest their child rows under this key (a tree, e.g. a tree dictionary's items): the list shows
 *   them indented under their parent, unfolded, with a fold button in the first column.
 */
export const ResourceListSchema = Type.Object(
  {
    method: Type.Union([Type.Literal('GET'), Type.Literal('POST')]),
    path: PathTemplateSchema,
    clientPaging: Type.Optional(Type.Boolean()),
    children: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
    /**
     * The search fields sent as their own parameters instead of inside `queryJson` (an area whose route takes plain
     * filters, e.g. the workflow lists' `status`, `flowUrgent`, `startTime`/`endTime`): search prop → parameter name,
     * or for a range `[from, to]` the pair of parameter names. queryJson is then left out.
     */
    searchParams: Type.Optional(Type.Record(Type.String({ minLength: 1, maxLength: 63 }), Type.Union([Type.String({ minLength: 1, maxLength: 63 }), Type.Tuple([Type.String({ minLength: 1, maxLength: 63 }), Type.String({ minLength: 1, maxLength: 63 })])]))),
  },
  { additionalProperties: false },
);

/**
 * A state toggle (JNPF `…/{id}/Actions/State`): the list shows the `field` column (default `enabledMark`, 1 on / 0 off)
 * as a switch; flipping it sends the call (gated by `button`, default btn_edit) and reloads the list.
 */
export const ResourceStateSchema = Type.Object(
  {
    method: Type.Optional(CallMethodSchema),
    path: PathTemplateSchema,
    field: Type.Optional(Type.String()),
    button: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);

/**
 * An extra row or toolbar action (`place`, default 'row'), shown when the user holds `button` (an enCode; none = always):
 * - `call`: sends `method` (default POST) `path`, toasts the answer's msg and reloads the list; `confirm` asks first;
 * - `download`: fetches `path` as a file and saves it (toast `已导出 <file>`);
 * - `upload` (toolbar): picks a file (`accept`, e.g. `.json`) and posts it as multipart `file` to `path`; the answer's
 *   msg is toasted (error 1 s when code ≠ 200) and the list reloads;
 * - `navigate`: opens the client route `to` (a template like `/previewModel?id={id}`);
 * - `form`: opens the form `forms[form]` in a dialog filled with the row (or what `load` answers) and sends the record
 *   (what was loaded, with the form's values over it) to `path` (default POST); without `path` the dialog only shows
 *   (e.g. the data-interface 测试 panel, a renderer that makes its own calls). With `valueField` the dialog edits one
 *   object: the record is the row with `valueField` = what `load` answers, and the save sends that field's value (not
 *   the whole record) with the constants of `body` over it — e.g. 授权: the Authority grants `{module[], button[]…}`
 *   loaded from `GET …/Authority/Data/{id}?objectType=Role` into a permissionTree field, sent back to
 *   `POST …/Authority/Data/{id}` with `body` `{ "objectType": "Role" }`;
 * - `dialog`: opens the registered dialog `renderer` (src/runtime/actionDialogs.ts, e.g. `flowLaunch`) with the row;
 *   once it is done, the route `to` (a template) opens afresh, or without `to` the list reloads;
 * - `page`: opens another page config `page` (its code) in a drawer titled `<label>：<row name>`, its resource bound to
 *   the row through `params` (the other page's parameter → this row's field, e.g. `{ "moduleId": "id" }`): a list of
 *   the row's children (a menu's buttons…) with its own add/edit/delete and actions, guarded by the same menu grants.
 * - `add` (row): opens the page's add form with `defaults` (record field → row key, e.g. `{ "parentId": "id" }` for a
 *   child row) over the chosen tree node's `nodeFields`; shown only when the page can create (and `button` is held).
 * `when` (row actions) shows the button only on rows whose `field` — the row's, else the chosen tree node's
 * `nodeFields` — is one of `in` (as `__config__.showWhen`; e.g. 新建下级 only in tree dictionaries).
 * `label` is the button text (zh; translated through the page's `locales`); row buttons are named `<label> <row name>`
 * for assistive technology when the page sets `rowName`. `danger` paints it red.
 */
export const PageActionSchema = Type.Object(
  {
    value: Type.String({ minLength: 1, maxLength: 50 }),
    label: Type.String({ minLength: 1, maxLength: 50 }),
    button: Type.Optional(Type.String({ maxLength: 50 })),
    kind: Type.Union([Type.Literal('call'), Type.Literal('download'), Type.Literal('upload'), Type.Literal('navigate'), Type.Literal('form'), Type.Literal('dialog'), Type.Literal('page'), Type.Literal('add')]),
    place: Type.Optional(Type.Union([Type.Literal('row'), Type.Literal('toolbar')])),
    method: Type.Optional(CallMethodSchema),
    path: Type.Optional(PathTemplateSchema),
    to: Type.Optional(Type.String({ pattern: '^/', maxLength: 300 })),
    form: Type.Optional(Type.String()),
    renderer: Type.Optional(Type.String()),
    confirm: Type.Optional(Type.String({ maxLength: 200 })),
    accept: Type.Optional(Type.String({ maxLength: 100 })),
    danger: Type.Optional(Type.Boolean()),
    /**
     * The button's `data-testid` for outside tests (e.g. `designer-new`, issue 13 item 6); a row action's may end in
     * one `{field}` placeholder filled with the row's value (e.g. `flow-launch-{enCode}`).
     */
    testId: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9-]{0,62}(\\{[A-Za-z][A-Za-z0-9_]{0,62}\\})?$' })),
    /** `form` actions: GET this path (row placeholders) to fill the form instead of the row (e.g. `…/{id}/Authorize`). */
    load: Type.Optional(PathTemplateSchema),
    /** `form` actions: the record field holding what `load` answers; the save sends only its value (see above). */
    valueField: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,62}$' })),
    /**
     * `form` actions: constant fields set on the body sent (over the form's values), e.g. `{ "objectType": "Role" }`;
     * `call` actions: the JSON body sent (none without it), e.g. `{}` for a route that validates its body.
     */
    body: Type.Optional(Type.Record(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,62}$' }), Type.Union([Type.String({ maxLength: 200 }), Type.Number(), Type.Boolean()]))),
    /** The file name when the server sends none; `{field}` placeholders take the row's values (e.g. `{fullName}.json`). */
    fileName: Type.Optional(Type.String({ maxLength: 200 })),
    /** `add` actions: record field → row key copied into the new record (e.g. `{ "parentId": "id" }`). */
    defaults: Type.Optional(Type.Record(Type.String(), Type.String())),
    /** Row actions: shown only where the row (over the chosen tree node's `nodeFields`) satisfies this rule. */
    when: Type.Optional(ShowWhenSchema),
    /** `page` actions: the code of the page config to open. */
    page: Type.Optional(Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,49}$' })),
    /** `page` actions: the opened page's parameters (its `params`) → the field of this row that gives each value. */
    params: Type.Optional(Type.Record(Type.String({ pattern: PARAM_PATTERN }), Type.String({ minLength: 1, maxLength: 63 }))),
  },
  { additionalProperties: false },
);

/**
 * The list's tree filter bound to a resource (list type 2 with a built-in source, e.g. the dictionary's type tree):
 * `path` answers `{ list }` or an array of nodes; `value`/`label`/`children` name the node keys (default id, fullName,
 * children); the chosen node's value goes to the list as `param` (query or body) and to `{tree}` in path templates.
 * `required`: the list is empty until a node is chosen (no 全部 node).
 */
export const ResourceTreeSchema = Type.Object(
  {
    path: PathTemplateSchema,
    param: Type.String({ minLength: 1, maxLength: 50 }),
    value: Type.Optional(Type.String()),
    label: Type.Optional(Type.String()),
    children: Type.Optional(Type.String()),
    title: Type.Optional(Type.String()),
    required: Type.Optional(Type.Boolean()),
    /**
     * Record fields taken from the chosen node (record field → node key), e.g. `{ "dictionaryTypeId": "id", "isTree":
     * "isTree" }`: set on new records and on loaded ones that lack them (create bodies, `showWhen` rules).
     */
    nodeFields: Type.Optional(Type.Record(Type.String(), Type.String())),
    /**
     * Editing the tree's own nodes (the dictionary's types): `form` (a key of `forms`), `get`/`create`/`update`/`remove`
     * with `{id}` = the node's id, gated by btn_add/btn_edit/btn_remove; `addLabel` the add button's text.
     */
    form: Type.Optional(Type.String()),
    /** The nodes' recycle bin (issue 27 item 2; as ResourceBinding `recycle`): 回收站 above the tree, with btn_recycle. */
    recycle: Type.Optional(ResourceCallSchema),
    get: Type.Optional(ResourceCallSchema),
    create: Type.Optional(ResourceCallSchema),
    update: Type.Optional(ResourceCallSchema),
    remove: Type.Optional(ResourceCallSchema),
    addLabel: Type.Optional(Type.String({ maxLength: 50 })),
  },
  { additionalProperties: false },
);

/**
 * The REST calls of a built-in area (issue 26 item 1), each optional but `list`: what a page lacks its UI hides.
 * - `list`, `get` (one record, answer the record), `create` (answer `{ id }`), `update` (method as the area's route:
 *   POST or PUT), `remove` (one row), `batchRemove` (body `{ ids }`), `state` (switch column);
 * - `exportData` (answer a file; body/query = the list query and `selectKey`), `template` (a file), `importData`
 *   (multipart `file`, answer `{ count }` or 400 `{ errors }`);
 * - `recycle`: the area's recycle bin (issue 27 item 2): GET `path?currentPage&pageSize&keyword` answers the deleted
 *   rows, POST `path/Actions/Restore` `{ ids }` restores them (the list's 回收站, with the btn_recycle button, or for
 *   everyone when `open`);
 * - `actions`: extra row and toolbar buttons; `tree`: a tree filter beside the list.
 */
export const ResourceBindingSchema = Type.Object(
  {
    list: ResourceListSchema,
    get: Type.Optional(ResourceCallSchema),
    create: Type.Optional(ResourceCallSchema),
    update: Type.Optional(ResourceCallSchema),
    remove: Type.Optional(ResourceCallSchema),
    batchRemove: Type.Optional(ResourceCallSchema),
    state: Type.Optional(ResourceStateSchema),
    exportData: Type.Optional(ResourceCallSchema),
    template: Type.Optional(ResourceCallSchema),
    importData: Type.Optional(ResourceCallSchema),
    recycle: Type.Optional(RecycleCallSchema),
    actions: Type.Optional(Type.Array(PageActionSchema)),
    tree: Type.Optional(ResourceTreeSchema),
  },
  { additionalProperties: false },
);

/** Translations of a page's texts (zh is written in the config): per language, zh text → translated text. */
export const PageLocalesSchema = Type.Object(
  {
    en: Type.Optional(Type.Record(Type.String(), Type.String())),
    tw: Type.Optional(Type.Record(Type.String(), Type.String())),
    mas: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { additionalProperties: false },
);

/**
 * A built-in page (issue 26 item 2), the content of a `*.page.json`:
 * - `code`: unique page code, the `{id}` of OnlineDev/{id}/Config and the `data-page` of the list and form;
 * - `fullName`: the page title (zh); `urlAddress`: the type-2 menu address that opens it (e.g. `system/billRule`);
 * - `menuEnCode`: the system menu whose grants guard the page (default: the menu whose urlAddress matches);
 * - `formData`, `columnData`: as any model (button enCodes btn_add/btn_edit/btn_remove/btn_detail gate the buttons);
 * - `resource`: the REST binding; `forms`: extra forms named by `form` actions;
 * - `rowName`: the field naming a row (row buttons read `<label> <name>`); `locales`: translations of the zh texts;
 * - `params`: the parameters the page takes from the page that opens it (a `page` action), e.g. `["moduleId"]`: each
 *   fills the `{name}` placeholders of every resource path (under the row's own fields) and is set on the body of a
 *   create (over the form's values). Opened on its own (no opener), a parameter is empty.
 */
export const PageConfigSchema = Type.Object(
  {
    code: Type.String({ pattern: '^[A-Za-z][A-Za-z0-9_]{0,49}$' }),
    fullName: Type.String({ minLength: 1, maxLength: 100 }),
    urlAddress: Type.String({ minLength: 1, maxLength: 200 }),
    menuEnCode: Type.Optional(Type.String({ maxLength: 50 })),
    formData: FormConfigSchema,
    columnData: ColumnConfigSchema,
    resource: ResourceBindingSchema,
    forms: Type.Optional(Type.Record(Type.String(), FormConfigSchema)),
    rowName: Type.Optional(Type.String()),
    locales: Type.Optional(PageLocalesSchema),
    params: Type.Optional(Type.Array(Type.String({ pattern: PARAM_PATTERN }), { maxItems: 10 })),
    /**
     * Display widgets shown above the list, in order (renderers that store nothing, e.g. 系统监控's `monitorCharts`):
     * field configs rendered read-only with the page's registry, their texts translated through `locales`.
     */
    panels: Type.Optional(Type.Array(FieldConfigSchema, { maxItems: 10 })),
  },
  { additionalProperties: false },
);

export type ResourceCall = Static<typeof ResourceCallSchema>;
export type ResourceList = Static<typeof ResourceListSchema>;
export type ResourceState = Static<typeof ResourceStateSchema>;
export type PageAction = Static<typeof PageActionSchema>;
export type ResourceTree = Static<typeof ResourceTreeSchema>;
export type ResourceBinding = Static<typeof ResourceBindingSchema>;
export type PageLocales = Static<typeof PageLocalesSchema>;
/** A page config with the typed form and column configs (as ModelRecord does). */
export type PageConfig = Omit<Static<typeof PageConfigSchema>, 'formData' | 'columnData' | 'forms' | 'panels'> & {
  formData: FormConfig;
  columnData: ColumnConfig;
  forms?: Record<string, FormConfig>;
  panels?: FieldConfig[];
};
