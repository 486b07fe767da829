namespace Cqrs.ServiceBus.LocalBroker.Entities;

/// <summary>
/// A subscription's rules: a message goes to the subscription when any rule matches (none: no message goes). Read on
/// every send without a lock: a change replaces the whole array, under <see cref="gate"/> so two changes never race.
/// </summary>
internal sealed class SubscriptionRules
{
    private readonly Lock gate = new();
    private SubscriptionRule[] rules;

    public SubscriptionRules(params SubscriptionRule[] initial) => rules = initial;

    public IReadOnlyList<SubscriptionRule> All => Volatile.Read(ref rules);

    /// <summary>Called for every message sent to the topic: walks the array itself, with no enumerator to allocate.</summary>
    public bool Matches(MessageContent content)
    {
        foreach (var rule in Volatile.Read(ref rules))
        {
            if (rule.Matches(content))
            {
                return true;
            }
        }

        return false;
    }

    public SubscriptionRule? Find(string name) => All.FirstOrDefault(rule => Same(rule.Name, name));

    /// <summary>Adds <paramref name="rule"/>; false when a rule of that name exists.</summary>
    public bool TryAdd(SubscriptionRule rule)
    {
        lock (gate)
        {
            if (Find(rule.Name) is not null)
            {
                return false;
            }

            Volatile.Write(ref rules, [.. rules, rule]);
            return true;
        }
    }

    /// <summary>Removes the rule called <paramref name="name"/>; false when there is none.</summary>
    public bool TryRemove(string name)
    {
        lock (gate)
        {
            var kept = rules.Where(rule => !Same(rule.Name, name)).ToArray();
            if (kept.Length == rules.Length)
            {
                return false;
            }

            Volatile.Write(ref rules, kept);
            return true;
        }
    }

    private static bool Same(string left, string right) => string.Equals(left, right, StringComparison.OrdinalIgnoreCase);
}
