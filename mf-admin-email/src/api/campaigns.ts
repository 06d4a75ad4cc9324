import type { Campaign, CampaignForm } from '@mastering/contracts';
import { apiJson } from '@mastering/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Query keys of campaigns; each key is also its URL. */
export const campaignKeys = { list: () => ['/api/admin/marketing-campaigns'] as const };

/** How often the list refreshes while a campaign is sending (its progress is shown live). */
const PROGRESS_POLL_MS = 1000;

/** Every campaign with stats and progress; polls while any is sending. */
export const useCampaigns = () =>
  useQuery<Campaign[]>({
    queryKey: campaignKeys.list(),
    refetchInterval: (query) => (query.state.data?.some((c) => c.status === 'sending') ? PROGRESS_POLL_MS : false),
  });

function useCampaignMutation<V, R>(fn: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: campaignKeys.list() }) });
}

/** POST /api/admin/send-marketing-campaign: send now or schedule. */
export const useSendCampaign = () =>
  useCampaignMutation((form: CampaignForm) => apiJson<Campaign>('POST', '/api/admin/send-marketing-campaign', form));
/** POST /api/admin/marketing-campaigns/:id/cancel: a scheduled campaign back to draft. */
export const useCancelCampaign = () =>
  useCampaignMutation((id: string) => apiJson<Campaign>('POST', `/api/admin/marketing-campaigns/${id}/cancel`, {}));
