import { EndpointRequestsTab } from "@/components/endpoints/endpoint-requests";
import { endpointTabMetadata, endpointTabPage } from "@/components/endpoints/endpoint-tab-page";

export const metadata = endpointTabMetadata("Requests");
export default endpointTabPage(EndpointRequestsTab);
