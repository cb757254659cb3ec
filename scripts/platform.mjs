#!/usr/bin/env node
// `npm run platform [-- command …]`: compiles the platform when its sources changed (see
// platform-bundle.mjs) and runs it in this process, with stack traces mapped to the TypeScript.
import { pathToFileURL } from "node:url";
import { bundlePlatform } from "./platform-bundle.mjs";

const file = await bundlePlatform();
process.setSourceMapsEnabled(true);
await import(pathToFileURL(file).href);
