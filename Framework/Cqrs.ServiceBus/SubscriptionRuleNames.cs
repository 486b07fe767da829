namespace Cqrs.ServiceBus;

/// <summary>
/// Names of the subscription rules provisioning creates: <c>cqrs-</c> and the event's wire name, readable in the
/// portal. The prefix tells our rules from others (which provisioning leaves alone). Rule names hold at most 50
/// characters and no <c>/ \ ? # @</c>: a wire name that does not fit is cut and given a hash of the whole, so two
/// long names never share a rule.
/// </summary>
internal static class SubscriptionRuleNames
{
    public const string Prefix = "cqrs-";

    private const int MaxLength = 50;

    public static string For(string wireName)
    {
        var name = Prefix + wireName;
        if (name.Length <= MaxLength && name.IndexOfAny(['/', '\\', '?', '#', '@']) < 0)
        {
            return name;
        }

        var hash = NameHash.Of(wireName);
        var kept = new string([.. wireName.Take(MaxLength - Prefix.Length - NameHash.Length - 1).Select(c => "/\\?#@".Contains(c, StringComparison.Ordinal) ? '_' : c)]);
        return $"{Prefix}{kept}-{hash}";
    }

    public static bool IsOurs(string ruleName) => ruleName.StartsWith(Prefix, StringComparison.Ordinal);
}
