/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // A separate build folder lets two builds (and browser-test runs) share a checkout.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The console never bundles the local platform; these stay server-side Node modules.
  serverExternalPackages: ["better-sqlite3", "pg", "sharp", "ioredis"],
  // A playground run carries an uploaded input image inline (at most 4 MB, ≈ 5.4 MB as base64).
  experimental: { serverActions: { bodySizeLimit: "8mb" } },
};

export default nextConfig;
