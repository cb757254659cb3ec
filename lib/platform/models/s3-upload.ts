import { S3Config } from "@/lib/schemas/jobs";

/**
 * Uploads a generated file to the job's `s3Config` bucket (any S3-compatible service, path-style
 * addressing) and answers the object's URL: `<endpointUrl>/<bucket>/<objectPath>/<job id>/output.<ext>`.
 */
export async function uploadToS3(
  raw: unknown,
  jobId: string,
  file: { data: Buffer; ext: string; contentType: string },
  signal: AbortSignal,
): Promise<string> {
  const parsed = S3Config.safeParse(raw);
  if (!parsed.success)
    throw new Error("s3Config must have accessId, accessSecret, bucketName and endpointUrl");
  const cfg = parsed.data;
  const endpoint = cfg.endpointUrl.replace(/\/+$/, "");
  const prefix = (cfg.objectPath ?? "").replace(/^\/+|\/+$/g, "");
  const key = `${prefix ? `${prefix}/` : ""}${jobId}/output.${file.ext}`;
  // Loaded on first use: the SDK is large and most platforms never upload.
  const { PutObjectCommand, S3Client } = await import("@aws-sdk/client-s3");
  const client = new S3Client({
    endpoint,
    region: process.env.AWS_REGION ?? "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: cfg.accessId, secretAccessKey: cfg.accessSecret },
    // S3-compatible services often reject the SDK's default CRC32 trailers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 2,
  });
  try {
    await client.send(
      new PutObjectCommand({
        Bucket: cfg.bucketName,
        Key: key,
        Body: file.data,
        ContentType: file.contentType,
      }),
      { abortSignal: signal },
    );
  } finally {
    client.destroy();
  }
  const encodedKey = key.split("/").map(encodeURIComponent).join("/");
  return `${endpoint}/${encodeURIComponent(cfg.bucketName)}/${encodedKey}`;
}
