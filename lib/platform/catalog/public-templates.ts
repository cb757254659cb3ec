import type { CatalogTemplateSource, Template } from "@/lib/schemas/templates";

// Public catalogue templates (`GET /v2/catalog/templates`, and `templateId` on create). Pod and
// serverless ones of each slice, so template rules are exercisable out of the box: the serverless
// mock worker and echo load balancer are images the local platform runs built in; vLLM needs an
// external worker. Public templates never carry a registry credential (`registry` is always null).

export interface PublicTemplateEntry {
  source: CatalogTemplateSource;
  template: Template;
}

const POD_FLAGS = { serverless: false, startSsh: true, startJupyter: true } as const;
const SERVERLESS_FLAGS = { serverless: true, startSsh: false, startJupyter: false } as const;

export const PUBLIC_TEMPLATES: readonly PublicTemplateEntry[] = [
  {
    source: "official",
    template: {
      id: "runpod-torch-v280",
      name: "Runpod Pytorch 2.8.0",
      image: "runpod/pytorch:1.0.2-cu1281-torch280-ubuntu2404",
      args: "",
      disk: 20,
      mounts: { persistent: { size: 20, path: "/workspace" } },
      ports: ["8888/http", "22/tcp"],
      env: { JUPYTER_ENABLE_LAB: "yes" },
      registry: null,
      public: true,
      category: "NVIDIA",
      ...POD_FLAGS,
      // The image is built against CUDA 12.8.1, so hosts must run 12.8 or later.
      allowedCudaVersions: ["12.8", "12.9", "13.0"],
    },
  },
  {
    source: "official",
    template: {
      id: "runpod-comfyui",
      name: "ComfyUI",
      image: "runpod/comfyui:latest",
      args: "",
      disk: 40,
      mounts: { persistent: { size: 50, path: "/workspace" } },
      ports: ["8188/http", "8888/http", "22/tcp"],
      env: {},
      registry: null,
      public: true,
      category: "NVIDIA",
      ...POD_FLAGS,
      allowedCudaVersions: [],
    },
  },
  {
    source: "official",
    template: {
      id: "runpod-ubuntu-cpu",
      name: "Runpod Ubuntu (CPU)",
      image: "runpod/base:0.6.3-cpu",
      args: "",
      disk: 10,
      // CPU pods cannot take a persistent mount.
      mounts: {},
      ports: ["22/tcp", "8888/http"],
      env: {},
      registry: null,
      public: true,
      category: "CPU",
      ...POD_FLAGS,
      allowedCudaVersions: [],
    },
  },
  {
    source: "official",
    template: {
      id: "runpod-mock-worker",
      name: "Mock Worker",
      image: "runpod/mock-worker:latest",
      args: "",
      disk: 5,
      mounts: {},
      ports: [],
      env: {},
      registry: null,
      public: true,
      category: "NVIDIA",
      ...SERVERLESS_FLAGS,
      allowedCudaVersions: [],
    },
  },
  {
    source: "official",
    template: {
      id: "runpod-worker-vllm",
      name: "vLLM",
      image: "runpod/worker-v1-vllm:v2.7.0stable-cuda12.1.0",
      args: "",
      disk: 40,
      mounts: {},
      ports: [],
      env: { MODEL_NAME: "Qwen/Qwen3-0.6B", MAX_MODEL_LEN: "8192" },
      registry: null,
      public: true,
      category: "NVIDIA",
      ...SERVERLESS_FLAGS,
      // A non-empty set, so "the template seeds allowedCudaVersions" is visible on endpoints made from it.
      allowedCudaVersions: ["12.4", "12.6", "12.8"],
    },
  },
  {
    source: "verified",
    template: {
      id: "hangar-echo-lb",
      name: "Echo load balancer",
      image: "hangar/echo-lb:latest",
      args: "",
      disk: 5,
      mounts: {},
      ports: ["80/http"],
      env: { PORT: "80", PORT_HEALTH: "80", HEALTH_CHECK_PATH: "/ping" },
      registry: null,
      public: true,
      category: "NVIDIA",
      ...SERVERLESS_FLAGS,
      allowedCudaVersions: [],
    },
  },
  {
    source: "verified",
    template: {
      id: "ollama-webui",
      name: "Ollama + Open WebUI",
      image: "ollama/ollama:latest",
      args: "",
      disk: 30,
      mounts: { persistent: { size: 40, path: "/root/.ollama" } },
      ports: ["11434/http", "8080/http", "22/tcp"],
      env: { OLLAMA_HOST: "0.0.0.0" },
      registry: null,
      public: true,
      category: "NVIDIA",
      ...POD_FLAGS,
      allowedCudaVersions: [],
    },
  },
  {
    source: "community",
    template: {
      id: "sd-webui-forge",
      name: "Stable Diffusion WebUI Forge",
      image: "community/sd-webui-forge:cu124",
      args: "--listen --port 7860",
      disk: 50,
      mounts: { persistent: { size: 75, path: "/workspace" } },
      ports: ["7860/http", "22/tcp"],
      env: {},
      registry: null,
      public: true,
      category: "NVIDIA",
      ...POD_FLAGS,
      allowedCudaVersions: ["12.4", "12.6", "12.8", "12.9"],
    },
  },
  {
    source: "community",
    template: {
      id: "rocm-pytorch",
      name: "PyTorch on ROCm",
      image: "rocm/pytorch:latest",
      args: "",
      disk: 40,
      mounts: { persistent: { size: 50, path: "/workspace" } },
      ports: ["8888/http", "22/tcp"],
      env: {},
      registry: null,
      public: true,
      category: "AMD",
      ...POD_FLAGS,
      allowedCudaVersions: [],
    },
  },
];
