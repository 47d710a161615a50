import { Layout } from 'antd';
import { useAtomValue } from 'jotai';
import { Suspense, useCallback, useMemo } from 'react';
import { settingsAtom } from '../settings/atoms';
import { cacheGenerationAtom, visitedViewsAtom } from '../tabs/atoms';
import KeepAlive from '../tabs/KeepAlive';
import TagsView from '../tabs/TagsView';

/**
 * The page area of every layout (spec 000 §2 "a page area with a fade transition and optional cached pages … and an
 * optional tab strip"): the tab strip when tagsView is on, then the current view; visited views stay mounted when
 * useCache is on (except noCache views).
 */
export default function PageArea() {
  const { tagsView, tagsIcon, useCache } = useAtomValue(settingsAtom);
  const views = useAtomValue(visitedViewsAtom);
  const gens = useAtomValue(cacheGenerationAtom);
  const keep = useMemo(() => new Set(views.map((v) => v.path)), [views]);
  const noCacheSet = useMemo(() => new Set(views.filter((v) => v.meta.noCache).map((v) => v.path)), [views]);
  const generation = useCallback((p: string) => gens[p] ?? 0, [gens]);
  const noCache = useCallback((p: string) => noCacheSet.has(p), [noCacheSet]);
  return (
    <>
      {tagsView ? <TagsView icons={tagsIcon} /> : null}
      <Layout.Content className="kd-content">
        <Suspense fallback={<div className="kd-area-spin" role="status" aria-busy="true" />}>
          <KeepAlive enabled={useCache} keep={keep} generation={generation} noCache={noCache} />
        </Suspense>
      </Layout.Content>
    </>
  );
}
