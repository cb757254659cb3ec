import { EndpointReleases } from "@/components/endpoints/endpoint-releases";
import { endpointTabMetadata, endpointTabPage } from "@/components/endpoints/endpoint-tab-page";

export const metadata = endpointTabMetadata("Releases");
export default endpointTabPage(EndpointReleases);
