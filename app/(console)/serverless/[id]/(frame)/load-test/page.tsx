import { LoadTestTab } from "@/components/loadtest/load-test-panel";
import { endpointTabMetadata, endpointTabPage } from "@/components/endpoints/endpoint-tab-page";

export const metadata = endpointTabMetadata("Load test");
export default endpointTabPage(LoadTestTab);
