import { request, requestEnvelope } from '../../src/api/client';

/** A node of the parent-menu picker (GET /api/system/Menu/Selector/0: directories and pages). */
export interface MenuNode {
  id: string;
  fullName: string;
  children?: MenuNode[];
}

/** The menus a published model can go under (directories and pages, as a tree). */
export async function parentMenus(): Promise<MenuNode[]> {
  return (await request<{ list: MenuNode[] }>('/api/system/Menu/Selector/0', { silent: true })).list ?? [];
}

/** What to publish: the saved model and the menu it becomes. */
export interface PublishRequest {
  modelId: string;
  parentId: string;
  fullName: string;
  enCode: string;
  icon?: string;
}

/**
 * Publishes a saved model (issue 13 item 4) through the existing menu management (issue 12 item 2): POST
 * /api/system/Menu creates a type-3 menu (online form) under `parentId` bound to the model (`moduleId`), at
 * `model/<enCode>`, with button permissions on; then POST …/Menu/{id}/Actions/FillFromModel registers the model's
 * buttons, list columns, form fields and data-rule fields for permissions. Administrators hold every grant, so the
 * page works for them at once. Resolves the menu's id and its route. Rejects ApiError (400 enCode taken…, toasted).
 */
export async function publishModel(p: PublishRequest): Promise<{ menuId: string; path: string }> {
  const urlAddress = `model/${p.enCode}`;
  const env = await requestEnvelope<{ id: string }>('/api/system/Menu', {
    method: 'post',
    json: { parentId: p.parentId, fullName: p.fullName, enCode: p.enCode, type: 3, icon: p.icon ?? 'TableOutlined', urlAddress, linkTarget: '_self', category: 'Web', moduleId: p.modelId, enabledMark: 1, isButtonAuthorize: 1, sortCode: 0 },
  });
  await requestEnvelope(`/api/system/Menu/${encodeURIComponent(env.data.id)}/Actions/FillFromModel`, { method: 'post' });
  return { menuId: env.data.id, path: `/${urlAddress}` };
}
