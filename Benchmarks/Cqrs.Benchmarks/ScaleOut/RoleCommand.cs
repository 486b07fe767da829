namespace Cqrs.Benchmarks.ScaleOut;

/// <summary>
/// <c>role broker|consumer|sender --name value ...</c>: the processes of a scale-out run (<c>--consumers</c>), started by
/// it and spoken to over their standard input and output; not for use by hand.
/// </summary>
internal static class RoleCommand
{
    public static async Task<int> RunAsync(string[] args)
    {
        if (args is not [var role and ("broker" or "consumer" or "sender"), .. var rest])
        {
            await Console.Error.WriteLineAsync($"error: no role '{string.Join(' ', args)}': broker, consumer or sender.");
            return 2;
        }

        var arguments = RoleArguments.Parse(rest);
        await (role switch
        {
            "broker" => BrokerRole.RunAsync(arguments),
            "consumer" => ConsumerRole.RunAsync(arguments),
            _ => SenderRole.RunAsync(arguments),
        });
        return 0;
    }
}
