import { MetricsPanel } from "@/components/metrics/metrics-panel";
import { endpointTabMetadata, endpointTabPage } from "@/components/endpoints/endpoint-tab-page";

export const metadata = endpointTabMetadata("Metrics");
export default endpointTabPage(MetricsPanel);
