"use client";

import { createContext, useContext } from "react";
import { workerPriceFrom, type GpuChoice, type PoolPrices } from "./worker-price";

const EndpointPrices = createContext<PoolPrices | null>(null);

/**
 * The pools' prices for an endpoint's pages, read on the server with the endpoint (its frame): the
 * header's live cost, the Requests tab's cost per job and the load test's projection price a
 * worker from them, without the GPU catalogue and its pool logic in the browser. Null: the
 * catalogue could not be read.
 */
export const EndpointPricesProvider = EndpointPrices.Provider;

/** The frame's prices; null when the GPU catalogue could not be read. */
export const usePoolPrices = () => useContext(EndpointPrices);

/** One worker-second of this GPU choice, from the frame's prices; null when its pool is unpriced. */
export function useWorkerPrice(gpu: GpuChoice) {
  const prices = usePoolPrices();
  return prices ? workerPriceFrom(prices, gpu) : null;
}
