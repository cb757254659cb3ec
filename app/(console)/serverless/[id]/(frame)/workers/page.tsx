import { EndpointWorkersTab } from "@/components/endpoints/endpoint-workers";
import { endpointTabMetadata, endpointTabPage } from "@/components/endpoints/endpoint-tab-page";

export const metadata = endpointTabMetadata("Workers");
export default endpointTabPage(EndpointWorkersTab);
