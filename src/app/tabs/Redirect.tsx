import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * /redirect/<path> (spec 000 §2 "a refresh helper"): replaces itself with <path> and the query, so that the page
 * mounts afresh (the tab strip's refresh drops the cached view first).
 */
export default function Redirect() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const target = `${pathname.replace(/^\/redirect/, '') || '/'}${search}`;
  useEffect(() => {
    navigate(target, { replace: true });
  }, [navigate, target]);
  return null;
}
