// Top of the route tree: keeps document.title in step with the screen.
import { useEffect } from 'react';
import { Outlet } from 'react-router-dom';
import { useCurrentTitle } from '../routing/currentRoute';
import { PRODUCT_NAME } from '../texts';

export function RootLayout() {
  const title = useCurrentTitle();
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
  return <Outlet />;
}
