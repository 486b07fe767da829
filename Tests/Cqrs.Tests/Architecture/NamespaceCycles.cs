namespace Cqrs.Tests.Architecture;

/// <summary>The cycles of a dependency graph between namespaces, each as one path that closes on itself.</summary>
internal static class NamespaceCycles
{
    /// <summary>
    /// One cycle per strongly connected group of namespaces (Tarjan's algorithm finds the groups; a breadth-first search
    /// from each group's first namespace finds its shortest way back), written "A → B → A", each step with the types
    /// that make it, and the group's other namespaces.
    /// </summary>
    public static IReadOnlyList<string> Find(Dictionary<string, Dictionary<string, string>> edges)
    {
        var cycles = new List<string>();
        foreach (var group in StronglyConnected(edges).Where(group => group.Count > 1))
        {
            var start = group.Min(StringComparer.Ordinal)!;
            var path = ShortestWayBack(edges, group, start);
            var steps = path.Zip(path.Skip(1), (from, to) => $"{from} → {to} ({edges[from][to]})");
            var others = group.Except(path, StringComparer.Ordinal).Order(StringComparer.Ordinal).ToList();
            cycles.Add(string.Join(" → ", path) + ": " + string.Join("; ", steps) + (others.Count == 0 ? "" : $" (in one tangle with {string.Join(", ", others)})"));
        }

        return cycles;
    }

    private static List<string> ShortestWayBack(Dictionary<string, Dictionary<string, string>> edges, HashSet<string> group, string start)
    {
        var cameFrom = new Dictionary<string, string>(StringComparer.Ordinal);
        var queue = new Queue<string>([start]);
        while (queue.Count > 0)
        {
            var from = queue.Dequeue();
            foreach (var to in edges.GetValueOrDefault(from)?.Keys.Order(StringComparer.Ordinal) ?? Enumerable.Empty<string>())
            {
                if (to == start)
                {
                    var path = new List<string> { start };
                    for (var step = from; step != start; step = cameFrom[step])
                    {
                        path.Insert(1, step);
                    }

                    path.Add(start);
                    return path;
                }

                if (group.Contains(to) && cameFrom.TryAdd(to, from))
                {
                    queue.Enqueue(to);
                }
            }
        }

        throw new InvalidOperationException($"{start} is in a strongly connected group but has no way back to itself.");
    }

    private static List<HashSet<string>> StronglyConnected(Dictionary<string, Dictionary<string, string>> edges)
    {
        var index = new Dictionary<string, int>(StringComparer.Ordinal);
        var lowLink = new Dictionary<string, int>(StringComparer.Ordinal);
        var stack = new Stack<string>();
        var onStack = new HashSet<string>(StringComparer.Ordinal);
        var groups = new List<HashSet<string>>();
        var nodes = edges.Keys.Concat(edges.Values.SelectMany(targets => targets.Keys)).Distinct(StringComparer.Ordinal).Order(StringComparer.Ordinal);

        void Visit(string node)
        {
            index[node] = lowLink[node] = index.Count;
            stack.Push(node);
            onStack.Add(node);
            foreach (var next in edges.GetValueOrDefault(node)?.Keys ?? Enumerable.Empty<string>())
            {
                if (!index.TryGetValue(next, out var nextIndex))
                {
                    Visit(next);
                    lowLink[node] = Math.Min(lowLink[node], lowLink[next]);
                }
                else if (onStack.Contains(next))
                {
                    lowLink[node] = Math.Min(lowLink[node], nextIndex);
                }
            }

            if (lowLink[node] == index[node])
            {
                var group = new HashSet<string>(StringComparer.Ordinal);
                string member;
                do
                {
                    member = stack.Pop();
                    onStack.Remove(member);
                    group.Add(member);
                }
                while (member != node);
                groups.Add(group);
            }
        }

        foreach (var node in nodes)
        {
            if (!index.ContainsKey(node))
            {
                Visit(node);
            }
        }

        return groups;
    }
}
