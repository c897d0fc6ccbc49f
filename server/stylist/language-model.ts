/** An OpenAI-compatible chat-completions client that asks for one JSON object. */
export interface LanguageModel {
  completeJson(prompt: { system: string; user: string }): Promise<unknown>;
}

export function createLanguageModel({ apiKey, baseUrl, model, timeoutMs = 8000 }: { apiKey: string; baseUrl: string; model: string; timeoutMs?: number }): LanguageModel {
  return {
    async completeJson({ system, user }) {
      const res = await fetch(`${baseUrl.replace(/\/$/, "")}/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({
          model,
          temperature: 0.3,
          response_format: { type: "json_object" },
          messages: [
            { role: "system", content: system },
            { role: "user", content: user },
          ],
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`language model answered ${res.status}`);
      const body = (await res.json()) as { choices?: { message?: { content?: string } }[] };
      const content = body.choices?.[0]?.message?.content;
      if (!content) throw new Error("language model sent no content");
      return JSON.parse(content);
    },
  };
}
