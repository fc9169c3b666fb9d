import {
  MENU_GROUP_TITLES,
  decideAccess,
  type AccessSubject,
  type MenuGroup,
  type RouteDefinition,
} from '@fonrisk/contracts';

export interface MenuSection {
  readonly group: MenuGroup;
  readonly title: string;
  readonly items: readonly RouteDefinition[];
}

/**
 * The side menu: routes grouped in the order of MENU_GROUP_TITLES, keeping only routes that have
 * a menu group and that the guard would open for this user (signed out: the public ones).
 */
export function buildMenu(
  routes: readonly RouteDefinition[],
  subject: AccessSubject | null,
): MenuSection[] {
  const groups = Object.keys(MENU_GROUP_TITLES) as MenuGroup[];
  return groups
    .map((group) => ({
      group,
      title: MENU_GROUP_TITLES[group],
      items: routes.filter(
        (r) => r.menuGroup === group && decideAccess(r.access, subject) === 'allow',
      ),
    }))
    .filter((section) => section.items.length > 0);
}
