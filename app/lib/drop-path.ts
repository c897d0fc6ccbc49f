/** A drop's page (the rule lives in shared/drops.ts). */
export { dropPath } from "../../shared/drops";
