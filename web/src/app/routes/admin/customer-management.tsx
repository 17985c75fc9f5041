import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../../../components/page-header';
import { Button } from '../../../components/ui/button';
import { PendingAccountRequests } from '../../../features/account-requests';
import {
  buyingGroupNamer,
  useBuyingGroups,
  BuyingGroupList,
  practiceKeys,
  CreatePracticeDialog,
  PracticeDetail,
  PracticeList,
} from '../../../features/customers';
import { userKeys, CustomerUserPicker } from '../../../features/users';

/**
 * /admin/customer-management (spec 2 super admin menu): pending account requests, the practices, the buying
 * groups, and one practice's detail (?account=BV-1001, so it can be linked to and the back button works). It
 * composes the practices, account-requests, buying-groups and users features, and refreshes one feature's
 * lists when another's action changed them.
 */
export default function CustomerManagementRoute() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const groups = useBuyingGroups();
  const buyingGroups = groups.data?.items ?? [];
  const buyingGroupName = buyingGroupNamer(groups.data?.items);
  const account = params.get('account');

  const open = (accountNumber: string) => setParams({ account: accountNumber });
  const usersChanged = () => void queryClient.invalidateQueries({ queryKey: userKeys.all });

  if (account)
    return (
      <PracticeDetail
        key={account}
        accountNumber={account}
        buyingGroups={buyingGroups}
        buyingGroupName={buyingGroupName}
        UserPicker={CustomerUserPicker}
        onBack={() => setParams({})}
        onLinksChanged={usersChanged}
      />
    );

  return (
    <>
      <PageHeader
        title="Customer Management"
        description="Practices, their account numbers and linked users, and the account requests waiting for review."
        actions={<Button onClick={() => setCreating(true)}>New practice</Button>}
      />
      <PendingAccountRequests
        buyingGroupName={buyingGroupName}
        onApproved={() => {
          void queryClient.invalidateQueries({ queryKey: practiceKeys.all });
          usersChanged();
        }}
      />
      <PracticeList buyingGroupName={buyingGroupName} onOpen={open} />
      <BuyingGroupList />
      {creating ? (
        <CreatePracticeDialog
          buyingGroups={buyingGroups}
          onClose={() => setCreating(false)}
          onCreated={(accountNumber) => {
            setCreating(false);
            open(accountNumber);
          }}
        />
      ) : null}
    </>
  );
}
