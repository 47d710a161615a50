import { useAtomValue } from 'jotai';
import type { MenuItem } from '../../api/oauth';
import { linkUrl } from '../menu';
import { tokenAtom } from '../session/atoms';
import NotAvailable from './NotAvailable';

/**
 * A type-7 link menu shown inside the app (spec 000 §2: "shown inside the app when the target is self"): its address,
 * placeholders substituted ({@link linkUrl}), in a frame filling the page area of its tab. An address whose scheme is
 * not allowed (spec 000 §5) shows the "not available" notice instead of a blank frame.
 */
export default function LinkFrame({ menu }: { menu: MenuItem }) {
  const token = useAtomValue(tokenAtom);
  const url = linkUrl(menu, token ?? '');
  if (!url || /^(mailto|tel):/i.test(url)) return <NotAvailable name={menu.fullName} />;
  return <iframe className="kd-link-frame" src={url} title={menu.fullName} data-testid="link-frame" referrerPolicy="no-referrer" />;
}
