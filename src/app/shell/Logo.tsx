import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { brandingAtom } from '../session/branding';
import { useSystemName } from './useSystemName';

/**
 * The navigation logo (spec 000 §2): the configured navigation logo (sysconfig logo/navigation), or the built-in KD
 * mark when none is set or the image fails to load (spec 000 §8); the system name beside it unless `collapsed`.
 */
export default function Logo({ collapsed, which = 'navigation' }: { collapsed?: boolean; which?: 'navigation' | 'login' }) {
  const { logos } = useAtomValue(brandingAtom);
  const name = useSystemName();
  const [broken, setBroken] = useState<string | null>(null);
  const src = logos[which];
  const mark = src && broken !== src ? <img className="kd-logo-img" src={src} alt="" onError={() => setBroken(src)} /> : <span className="kd-logo-mark">KD</span>;
  return (
    <Link to="/home" className="kd-logo" title={name}>
      {mark}
      {collapsed ? null : <span className="kd-logo-text">{name}</span>}
    </Link>
  );
}
