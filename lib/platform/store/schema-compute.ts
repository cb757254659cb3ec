/**
 * Row types of the compute tables (migrations 020–029): pods, clusters, network volumes, usage
 * records, account events, availability overrides. Same conventions as ./schema.ts.
 */
export interface NetworkVolumesTable {
  id: string;
  account_id: string;
  name: string;
  size: number;
  data_center_id: string;
  type: string;
  billed_until: number;
  created_at: number;
  updated_at: number;
}

export interface PodsTable {
  id: string;
  account_id: string;
  name: string;
  status: string;
  /** JSON `PodDoc` (lib/platform/management/pods/pod-record.ts). */
  data: string;
  data_center_id: string | null;
  cluster_id: string | null;
  network_volume_id: string | null;
  locked: number;
  cuda_version: string | null;
  template_id: string | null;
  next_status: string | null;
  next_transition_at: number | null;
  billed_until: number;
  started_at: number | null;
  terminated_at: number | null;
  created_at: number;
  updated_at: number;
}

export interface ClustersTable {
  id: string;
  account_id: string;
  name: string;
  /** JSON `ClusterDoc` (lib/platform/management/clusters/cluster-record.ts). */
  data: string;
  created_at: number;
  updated_at: number;
}

export interface UsageRecordsTable {
  id: string;
  account_id: string;
  product: string;
  resource_id: string;
  gpu: number;
  cpu: number;
  disk: number;
  fee: number;
  standard: number;
  high_performance: number;
  networking: number;
  total: number;
  at: number;
}

export interface AccountEventsTable {
  id: string;
  account_id: string;
  type: string;
  resource_type: string | null;
  resource_id: string | null;
  detail: string;
  at: number;
}

export interface AvailabilityOverridesTable {
  scope: string;
  level: string;
  updated_at: number;
}

export interface ComputeTables {
  network_volumes: NetworkVolumesTable;
  pods: PodsTable;
  clusters: ClustersTable;
  usage_records: UsageRecordsTable;
  account_events: AccountEventsTable;
  availability_overrides: AvailabilityOverridesTable;
}
