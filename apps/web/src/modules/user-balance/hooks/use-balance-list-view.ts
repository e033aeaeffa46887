import { notifications } from '@mantine/notifications';
import { BALANCE_PAGE_SIZES, BalanceMsg } from '@valuation/domain';
import { allOrgIds, type FilterField, type ListState } from '@valuation/ui';
import { useMemo } from 'react';
import { useListView } from '../../../app/lists/use-list-view';
import { useOrganisationTree } from '../../accounts/api/account-api';
import { barFields } from '../model/balance-lists';
import { ORG_KEY, tickedOrgs } from '../model/org-choice';

/**
 * The list state of a balance screen (filters and page in the URL, 20/50/100/200 a page), with the
 * organisation tree beside the filter bar: the bar shows the other filters, and 查询 with no
 * organisation ticked shows 请选择要统计的机构 instead of searching.
 */
export function useBalanceListView(fields: readonly FilterField[]) {
  const tree = useOrganisationTree(true);
  const view = useListView('user', { fields, pageSizes: BALANCE_PAGE_SIZES });
  const { state } = view;
  const treeIds = useMemo(() => allOrgIds(tree.data ?? []), [tree.data]);
  const orgsTicked = tickedOrgs(state.draft[ORG_KEY], treeIds).length > 0;

  const barState = useMemo<ListState>(
    () => ({
      ...state,
      fields: barFields(state.fields),
      search: () => {
        if (orgsTicked) return state.search();
        notifications.show({ id: 'balance-organisations', color: 'yellow', message: BalanceMsg.organizationRequired });
        /* Nothing was searched; the list shown stays as it is. */
        return true;
      },
    }),
    [state, orgsTicked],
  );

  return {
    tree,
    treeIds,
    orgValue: state.draft[ORG_KEY],
    setOrgValue: (value: string) => state.setDraft({ [ORG_KEY]: value }),
    orgsTicked,
    view: { ...view, state: barState },
  };
}
