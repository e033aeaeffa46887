import { PersonalPage } from '../../modules/personal/pages/PersonalPage';
import type { RouteEntry } from './route-registry';

/** Pages of the organisation area (`/org/...`), by the route names of the staff spec. */
export const ORG_ROUTES: readonly RouteEntry[] = [{ name: 'personal', path: 'personal', title: '个人中心', component: PersonalPage }];
