import { Alert } from '@mantine/core';
import { LoadError } from '@valuation/ui';
import { Suspense, type ComponentType } from 'react';
import { useDocumentTitle } from '../branding/use-document-title';
import { holdsPermission } from '../navigation/menu-filter';
import { permissionChildren } from '../navigation/permission-children';
import { AREA_POPULATION, type Area } from '../session/population';
import { useGrantedPermissions } from '../session/session-queries';
import { PageLoader } from './PageLoader';
import type { RouteEntry } from './route-registry';

/** Renders a registered page (already loaded by the router): sets the title and checks the page permission. */
export function RoutePage({ area, entry, page: Page }: { area: Area; entry: RouteEntry; page: ComponentType }) {
  useDocumentTitle(entry.title);
  const { granted, isLoading, isError, refetch } = useGrantedPermissions(AREA_POPULATION[area]);

  if (entry.permission !== undefined) {
    if (isLoading) return <PageLoader />;
    if (isError) return <LoadError message="权限信息加载失败" onRetry={refetch} />;
    if (!holdsPermission(entry.permission, { granted, permissionChildren })) {
      return (
        <Alert color="yellow" variant="light" title="无访问权限">
          您没有访问该页面的权限，请联系管理员。
        </Alert>
      );
    }
  }

  return (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
}
