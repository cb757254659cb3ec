import { EndpointLogs } from "@/components/logs/endpoint-logs";
import { endpointTabMetadata, endpointTabPage } from "@/components/endpoints/endpoint-tab-page";

export const metadata = endpointTabMetadata("Logs");
export default endpointTabPage(EndpointLogs);
