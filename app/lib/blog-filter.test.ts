import { describe, expect, it } from "vitest";
import { listArticles, parseArticle } from "../../server/content/blog";
import { filterArticles } from "./blog-filter";

const articles = listArticles();

describe("the blog content", () => {
  it("has the four articles, one featured, in the five categories", () => {
    expect(articles).toHaveLength(4);
    expect(articles.filter((a) => a.featured)).toHaveLength(1);
    expect(new Set(articles.map((a) => a.category))).toEqual(new Set(["Fashion Trends", "Style Guide", "Sustainability", "Brand News"]));
  });

  it("refuses an article without front matter", () => {
    expect(() => parseArticle("no front matter here")).toThrow("missing front matter");
  });
});

describe("filterArticles", () => {
  it("puts the featured article on top only with All and no search", () => {
    const all = filterArticles(articles, { q: "", category: "All" });
    expect(all.featured?.id).toBe(1);
    expect(all.grid.map((a) => a.id)).not.toContain(1);
    expect(all.grid).toHaveLength(3);
  });

  it.each([
    [{ q: "", category: "Style Guide" }, [2]],
    [{ q: "", category: "Brand News" }, [1]],
    [{ q: "HOODIE", category: "All" }, [2]],
    [{ q: "sustainability", category: "All" }, [3]],
    [{ q: "streetwear", category: "All" }, [1, 4]],
    [{ q: "streetwear", category: "Fashion Trends" }, [4]],
    [{ q: "  numbered ", category: "All" }, [1]],
    [{ q: "hoodie", category: "Sustainability" }, []],
    [{ q: "zzz", category: "All" }, []],
  ] as const)("%j → %j", (filter, ids) => {
    const result = filterArticles(articles, filter);
    expect(result.featured).toBeNull();
    expect(result.grid.map((a) => a.id).sort()).toEqual([...ids]);
  });
});
