// Top of the route tree: keeps document.title in step with the screen.
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useCurrentTitle } from '../routing/currentRoute';
import { useScreenTitleOverride } from '../../components/screenTitle';
import { PRODUCT_NAME } from '../texts';

export function RootLayout() {
  const { pathname } = useLocation();
  const named = useScreenTitleOverride(pathname);
  const routeTitle = useCurrentTitle();
  const title = named ?? routeTitle;
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
  return <Outlet />;
}
