import { randomUUID } from 'node:crypto';
import {
  AUDIENCE,
  type IdList,
  MESSAGE_TYPE,
  type NoticeBody,
  type NoticeInfo,
  type NoticeListQuery,
  type NoticeRow,
} from '../../../../schemas/wire/message';
import type { Paged } from '../../../../schemas/wire/common';
import type { Db } from '../../db/types';
import { type RowWrite, softDelete, versionedUpdate } from '../_shared/row-version';
import { serverSanitizer } from '../visualdev/record-prepare';
import { publishMessage } from './bus';
import { fail } from './messages';
import { insertReceipts } from './repository';
import './types';
import { withDescendants } from '../organization/common';

/**
 * Notice management (issue 14 item 1; spec 000 §7 "Messages": GET Notice, POST /api/message, POST/GET/DELETE
 * /api/message/{id}, POST {id}/Actions/Release; JNPF MessageService). A notice is a type-1 `message` row: written as
 * a draft (enabled_mark 0), released to its audience (one unread receipt per user, enabled_mark 1, release_time set,
 * a `message` bus event), withdrawn (receipts removed, back to a draft). Released notices are read-only until withdrawn.
 * Deleted, a notice goes to the recycle bin (issue 27; receipts kept): it leaves every list, count and detail here
 * and every recipient's message list (repository.ts mine, im initMessage, the portal's notice card) until restored.
 */

/** An id list from an array or a JNPF comma list: trimmed, blanks and repeats dropped, order kept. */
export function idList(v: IdList | null | undefined): string[] {
  const raw = Array.isArray(v) ? v : typeof v === 'string' ? v.split(',') : [];
  return [...new Set(raw.map((s) => s.trim()).filter(Boolean))];
}

const likeText = (s: string) => `%${s.replace(/[\\%_]/g, '\\$&')}%`;
const ms = (d: Date | string | null) => (d ? new Date(d).getTime() : null);
const parseIds = (json: string): string[] => {
  try {
    const v = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

function notices(db: Db) {
  return db
    .selectFrom('message as m')
    .leftJoin('users as u', 'u.id', 'm.created_by')
    .where('m.type', '=', MESSAGE_TYPE.notice)
    .where('m.f_deleted_at', 'is', null)
    .select((eb) => [
      'm.id',
      'm.title',
      'm.type',
      'm.enabled_mark',
      'm.created_at',
      'm.updated_at',
      'm.release_time',
      'm.audience_type',
      'm.f_version',
      'u.real_name',
      'u.account',
      eb.selectFrom('message_receive as r').whereRef('r.message_id', '=', 'm.id').select((e) => e.fn.countAll<string>().as('n')).as('recipients'),
    ]);
}

type Joined = Awaited<ReturnType<ReturnType<typeof notices>['executeTakeFirstOrThrow']>>;

function toRow(r: Joined): NoticeRow {
  return {
    id: r.id,
    title: r.title,
    type: r.type,
    enabledMark: r.enabled_mark,
    creatorUser: r.real_name ? `${r.real_name}/${r.account}` : '',
    creatorTime: new Date(r.created_at).getTime(),
    lastModifyTime: new Date(r.updated_at).getTime(),
    releaseTime: ms(r.release_time),
    audienceType: r.audience_type,
    recipients: Number(r.recipients ?? 0),
    version: Number(r.f_version),
  };
}

/** GET /api/message/Notice: a page of notices (drafts and released), last modified first; keyword matches the title. */
/** enabledMark (0 or 1) of a list's `queryJson` search fields; anything else (bad JSON, other values) is no filter. */
function searchedState(queryJson: string | undefined): 0 | 1 | undefined {
  if (!queryJson) return undefined;
  try {
    const v = Number((JSON.parse(queryJson) as { enabledMark?: unknown } | null)?.enabledMark);
    return v === 0 || v === 1 ? v : undefined;
  } catch {
    return undefined;
  }
}

export async function listNotices(db: Db, q: NoticeListQuery): Promise<Paged<NoticeRow>> {
  const currentPage = Math.max(1, q.currentPage ?? 1);
  const pageSize = Math.min(500, Math.max(1, q.pageSize ?? 20));
  let base = db.selectFrom('message as m').where('m.type', '=', MESSAGE_TYPE.notice).where('m.f_deleted_at', 'is', null);
  const kw = q.keyword?.trim();
  if (kw) base = base.where('m.title', 'ilike', likeText(kw));
  const state = q.enabledMark ?? searchedState(q.queryJson);
  if (state !== undefined) base = base.where('m.enabled_mark', '=', state);
  const { total } = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
  const ids = await base.select('m.id').orderBy('m.updated_at', 'desc').orderBy('m.id', 'desc').limit(pageSize).offset((currentPage - 1) * pageSize).execute();
  const rows = ids.length ? await notices(db).where('m.id', 'in', ids.map((r) => r.id)).execute() : [];
  const list = ids.map((i) => rows.find((r) => r.id === i.id)).filter((r): r is Joined => !!r).map(toRow);
  return { list, pagination: { currentPage, pageSize, total: Number(total) } };
}

/** GET /api/message/{id}: the notice with its body and audience. 404 when no notice has this id. */
export async function getNotice(db: Db, id: string): Promise<NoticeInfo> {
  const r = await notices(db).where('m.id', '=', id).select(['m.body_text', 'm.to_organize_ids', 'm.to_role_ids', 'm.to_user_ids']).executeTakeFirst();
  if (!r) throw fail(404, 'noticeNotFound');
  return { ...toRow(r), bodyText: r.body_text, toOrganizeIds: parseIds(r.to_organize_ids), toRoleIds: parseIds(r.to_role_ids), toUserIds: parseIds(r.to_user_ids) };
}

/** The columns a create or update writes: title required (trimmed), body sanitised, audience lists as JSON. */
async function columns(body: NoticeBody) {
  const title = body.title.trim();
  if (!title) throw fail(400, 'titleRequired');
  const bodyText = (await serverSanitizer())(body.bodyText ?? '');
  return {
    title,
    body_text: bodyText,
    audience_type: body.audienceType ?? AUDIENCE.everyone,
    to_organize_ids: JSON.stringify(idList(body.toOrganizeIds)),
    to_role_ids: JSON.stringify(idList(body.toRoleIds)),
    to_user_ids: JSON.stringify(idList(body.toUserIds)),
  };
}

/** POST /api/message: a new draft notice (type 1, enabled_mark 0) by `userId`; returns its id. 400 without a title. */
export async function createNotice(db: Db, userId: string, body: NoticeBody): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('message')
    .values({ id, type: MESSAGE_TYPE.notice, enabled_mark: 0, created_by: userId, updated_by: userId, ...(await columns(body)) })
    .execute();
  return id;
}

/** The live notice's release state; 404 when there is none or it is in the bin. */
async function stateOf(db: Db, id: string): Promise<number> {
  const r = await db.selectFrom('message').select('enabled_mark').where('id', '=', id).where('type', '=', MESSAGE_TYPE.notice).where('f_deleted_at', 'is', null).executeTakeFirst();
  if (!r) throw fail(404, 'noticeNotFound');
  return r.enabled_mark;
}

/** The 404 of a notice write. */
const notFound = () => fail(404, 'noticeNotFound');

/**
 * POST /api/message/{id}: updates a draft → its new version. 404 unknown or binned; 400 when released (withdraw
 * first) or without a title; 409 an older `version` (issue 27, naming who and when; nothing written).
 */
export async function updateNotice(db: Db, userId: string, id: string, body: NoticeBody): Promise<number> {
  if ((await stateOf(db, id)) === 1) throw fail(400, 'releasedReadOnly');
  const cols = await columns(body);
  return versionedUpdate(db, 'message', id, cols, { version: body.version, actor: userId, notFound });
}

/**
 * DELETE /api/message/{id}?version: moves the notice (released or not) to the recycle bin; its receipts stay for the
 * restore, and it leaves every recipient's list and unread count meanwhile. 404 unknown; 409 an older version.
 */
export async function deleteNotice(db: Db, id: string, w: Omit<RowWrite, 'notFound'>): Promise<void> {
  await stateOf(db, id);
  await softDelete(db, 'message', id, { ...w, notFound });
}

/**
 * The users a notice reaches: every enabled user (audience 0), or (audience 1) the enabled users of the chosen
 * organisations (main organisation or membership) and of their sub-organisations, the members of the chosen roles,
 * and the chosen users. Sorted ids.
 */
async function audienceOf(db: Db, n: { audience_type: number; to_organize_ids: string; to_role_ids: string; to_user_ids: string }): Promise<string[]> {
  let q = db.selectFrom('users').select('id').where('enabled_mark', '<>', 0);
  if (n.audience_type !== AUDIENCE.everyone) {
    const roles = parseIds(n.to_role_ids);
    const users = parseIds(n.to_user_ids);
    const orgs = await withDescendants(db, parseIds(n.to_organize_ids));
    if (!orgs.length && !roles.length && !users.length) throw fail(400, 'noAudience');
    q = q.where((eb) =>
      eb.or([
        ...(orgs.length ? [eb('organize_id', 'in', orgs), eb('id', 'in', eb.selectFrom('user_relation').select('user_id').where('object_type', '=', 'Organize').where('object_id', 'in', orgs))] : []),
        ...(roles.length ? [eb('id', 'in', eb.selectFrom('user_relation').select('user_id').where('object_type', '=', 'Role').where('object_id', 'in', roles))] : []),
        ...(users.length ? [eb('id', 'in', users)] : []),
      ]),
    );
  }
  return (await q.orderBy('id').execute()).map((r) => r.id);
}


/**
 * POST /api/message/{id}/Actions/Release: sends the notice to its audience (resolved now), marks it released (last
 * modified and release time now, so it is the recipients' newest) and publishes a `message` event; returns how many
 * users it reached. Releasing again reaches users who joined the audience since (existing receipts are kept).
 * 404 unknown; 400 when the chosen audience is empty or holds no enabled user; 409 when `version` (the one the caller
 * read; undefined: no check) is older than the notice's (issue 27: naming who and when; nothing sent then).
 */
export async function releaseNotice(db: Db, userId: string, id: string, version?: number): Promise<number> {
  await stateOf(db, id);
  const n = await db.selectFrom('message').select(['title', 'audience_type', 'to_organize_ids', 'to_role_ids', 'to_user_ids']).where('id', '=', id).executeTakeFirstOrThrow();
  const userIds = await audienceOf(db, n);
  if (!userIds.length) throw fail(400, 'noRecipients');
  await db.transaction().execute(async (tx) => {
    const now = new Date();
    await versionedUpdate(tx, 'message', id, { enabled_mark: 1, release_time: now }, { version, actor: userId, notFound });
    await insertReceipts(tx, id, userIds);
  });
  await publishMessage(db, { userIds, id, title: n.title, type: MESSAGE_TYPE.notice, createdBy: userId });
  return userIds.length;
}

/** POST /api/message/{id}/Actions/Withdraw: takes a released notice back (receipts removed, a draft again). 404 unknown; 400 when a draft; 409 an older `version` (as releaseNotice). */
export async function withdrawNotice(db: Db, userId: string, id: string, version?: number): Promise<void> {
  if ((await stateOf(db, id)) !== 1) throw fail(400, 'notReleased');
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('message_receive').where('message_id', '=', id).execute();
    await versionedUpdate(tx, 'message', id, { enabled_mark: 0, release_time: null }, { version, actor: userId, notFound });
  });
}
