/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // The console never bundles the local platform; these stay server-side Node modules.
  serverExternalPackages: ["better-sqlite3", "pg", "sharp", "ioredis"],
};

export default nextConfig;
