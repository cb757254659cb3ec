import { routeProblem } from "@/lib/auth/key-rejected";
import { requireSession } from "@/lib/auth/session";
import { createCloud } from "@/lib/cloud/client";
import { exportInstanceState, requireLocalPlatform } from "@/lib/cloud/devtools";

/** The whole instance's state as a JSON file download (the operator only; the State page links here). */
export async function GET(): Promise<Response> {
  try {
    const { apiKey } = await requireSession();
    await requireLocalPlatform();
    const snapshot = await exportInstanceState(createCloud(apiKey));
    const stamp = snapshot.exportedAt.replace(/[:.]/g, "-");
    return new Response(JSON.stringify(snapshot, null, 2), {
      headers: {
        "content-type": "application/json",
        "content-disposition": `attachment; filename="hangar-instance-state-${stamp}.json"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    return routeProblem(error);
  }
}
