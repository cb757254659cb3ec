import type { Metadata } from "next";
import type { ComponentType } from "react";

type TabPage = (props: { params: Promise<{ id: string }> }) => Promise<React.JSX.Element>;

/**
 * An endpoint tab's route (`app/(console)/serverless/[id]/(frame)/<tab>/page.tsx`): the tab's
 * client component, by the endpoint's id, inside the endpoint's frame (the `(frame)` layout).
 */
export function endpointTabPage(Tab: ComponentType<{ id: string }>): TabPage {
  return async function EndpointTabPage({ params }) {
    const { id } = await params;
    return <Tab id={id} />;
  };
}

/** The tab's page title: "Metrics · Endpoint · Hangar". */
export function endpointTabMetadata(label: string): Metadata {
  return { title: `${label} · Endpoint` };
}
