export { RouteLoading as default } from "@/components/shell/route-loading";
